import { Alert, Box, Chip, List, ListItem, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { channelsApi } from './api';
import { windowLabel } from './window-label';
import { WhatsappComposer } from './WhatsappComposer';
import { formatDateTime } from '@lending/web-common/format';
import { formatPhone } from '@lending/web-common/phone';

const REFRESH_MS = 5000;

/** /Admin/whatsapp: the conversations, one borrower's messages, and a reply (free text inside the 24-hour window, else a template). */
export function WhatsappPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('borrowerId');
  const conversations = useQuery({
    queryKey: ['whatsapp', 'conversations'],
    queryFn: channelsApi.conversations,
    refetchInterval: REFRESH_MS,
  });
  return (
    <Box sx={{ py: 2 }}>
      <Title title="WhatsApp" />
      <Typography variant="h5" component="h1" gutterBottom>
        WhatsApp
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        <Paper sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1 }}>
            Conversations
          </Typography>
          {conversations.error ? <Alert severity="error">{(conversations.error as Error).message}</Alert> : null}
          {conversations.data?.length === 0 ? <Typography sx={{ p: 2 }}>No conversations yet.</Typography> : null}
          <List aria-label="Conversations">
            {conversations.data?.map((c) => (
              <ListItem key={c.id} disablePadding>
                <ListItemButton selected={c.id === selected} onClick={() => setParams({ borrowerId: c.id })}>
                  <ListItemText
                    primary={`${c.borrowerName ?? 'Unknown number'} · ${formatPhone(c.phone)}`}
                    secondary={`${c.lastMessage.slice(0, 60)} — ${windowLabel(c.window)}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        <Box sx={{ flexGrow: 1, width: '100%' }}>
          {selected ? <Conversation id={selected} /> : <Typography>Choose a conversation.</Typography>}
        </Box>
      </Stack>
    </Box>
  );
}

function Conversation({ id }: { id: string }) {
  const conversation = useQuery({
    queryKey: ['whatsapp', 'conversation', id],
    queryFn: () => channelsApi.conversation(id),
    refetchInterval: REFRESH_MS,
  });
  if (conversation.error) return <Alert severity="error">{(conversation.error as Error).message}</Alert>;
  const c = conversation.data;
  if (!c) return null;
  return (
    <Paper sx={{ p: 2 }} data-testid="whatsapp-conversation">
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography variant="h6" component="h2">
          {c.borrowerName ?? 'Unknown number'} · {formatPhone(c.phone)}
        </Typography>
        <Chip color={c.window.open ? 'success' : 'default'} label={windowLabel(c.window)} data-testid="whatsapp-window" />
      </Stack>
      <Stack spacing={1} sx={{ my: 2 }} role="log" aria-label="Messages">
        {c.messages.length === 0 ? <Typography>No messages yet.</Typography> : null}
        {c.messages.map((m) => (
          <Box
            key={m.id}
            sx={{
              alignSelf: m.direction === 'inbound' ? 'flex-start' : 'flex-end',
              maxWidth: '80%',
              bgcolor: m.direction === 'inbound' ? 'grey.100' : '#dcf8c6',
              color: 'text.primary',
              borderRadius: 2,
              px: 1.5,
              py: 1,
            }}
          >
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography>
            <Typography variant="caption" component="p">
              {m.direction === 'inbound' ? 'Received' : m.templateName ? `Template ${m.templateName}, ${m.status}` : `Sent, ${m.status}`} ·{' '}
              {formatDateTime(m.at)}
            </Typography>
          </Box>
        ))}
      </Stack>
      {c.borrowerId ? (
        <WhatsappComposer target={{ borrowerId: c.borrowerId }} windowOpen={c.window.open} />
      ) : (
        <Alert severity="info">No borrower has this number: replies go to borrowers only.</Alert>
      )}
    </Paper>
  );
}
