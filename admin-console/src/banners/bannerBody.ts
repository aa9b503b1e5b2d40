/** A picture file as a data URL, as the banners API takes it. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read'));
    reader.readAsDataURL(file);
  });
}

const isoOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : new Date(String(v)).toISOString());

/** What the API takes on save: the editable fields, dates as ISO instants, and the picture only when one was chosen. */
export async function bannerBody(values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const picture = values.picture as { rawFile?: Blob } | undefined;
  return {
    title: values.title,
    link: values.link ? values.link : null,
    audience: values.audience,
    startsAt: isoOrNull(values.startsAt),
    endsAt: isoOrNull(values.endsAt),
    order: Number(values.order ?? 0),
    active: Boolean(values.active),
    ...(picture?.rawFile ? { image: await readAsDataUrl(picture.rawFile) } : {}),
  };
}
