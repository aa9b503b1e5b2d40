/** The few browser actions the session, presence and update logic take, in one object so tests can watch them. */
export const browser = {
  alert: (message: string) => window.alert(message),
  assign: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
};
