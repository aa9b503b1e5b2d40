import type {
  DialerCall,
  DialerOutcomeBody,
  DialerQueue,
  IvrCall,
  SendWhatsappBody,
  WhatsappConversation,
  WhatsappConversationSummary,
  WhatsappTemplate,
} from '@lending/web-common/api';
import { API_URL, httpClient } from '../providers/http';

/** The channels' API (docs/communications.md): plain calls on the console's problem-aware client. */
const get = async <T>(path: string): Promise<T> => (await httpClient(`${API_URL}${path}`)).json as T;
const post = async <T>(path: string, body: unknown): Promise<T> =>
  (await httpClient(`${API_URL}${path}`, { method: 'POST', body: JSON.stringify(body) })).json as T;

export const channelsApi = {
  conversations: () => get<WhatsappConversationSummary[]>('/admin/whatsapp/conversations?range=[0,99]'),
  conversation: (id: string) => get<WhatsappConversation>(`/admin/whatsapp/conversations/${encodeURIComponent(id)}`),
  templates: () => get<WhatsappTemplate[]>('/admin/whatsapp/templates'),
  send: (body: SendWhatsappBody) => post<unknown>('/admin/whatsapp/messages', body),
  ivrCalls: (filter: Record<string, string>) =>
    get<IvrCall[]>(`/admin/ivr-calls?range=[0,99]&filter=${encodeURIComponent(JSON.stringify(filter))}`),
  dialerQueue: () => get<DialerQueue>('/admin/dialer/queue'),
  call: (loanId: string) => post<DialerCall>('/admin/dialer/calls', { loanId }),
  outcome: (callId: string, body: DialerOutcomeBody) => post<unknown>(`/admin/dialer/calls/${callId}/outcome`, body),
};
