import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ActionDialog } from '../loans/ActionDialog';
import type { ActionSpec } from '../loans/actions';

/** Query keys of what a money command changes: the loan page's servicing parts and every payment list. */
export const SERVICING_QUERY_KEY = 'loan-servicing';

type Props<Action extends string> = {
  spec: ActionSpec<Action>;
  currency: string;
  /** Sends the command; the key makes a retry after a timeout apply once. */
  run(body: Record<string, unknown>, idempotencyKey: string): Promise<unknown>;
  done: string;
  subject?: string;
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium';
};

/**
 * One confirmed staff command on money: the button, its dialog (fields, validation, the server's refusal as sent in
 * problem+json), then a notification and a refresh of the loan and the payment lists.
 */
export function CommandButton<Action extends string>({
  spec,
  currency,
  run,
  done,
  subject,
  variant = 'contained',
  size = 'medium',
}: Props<Action>) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [key, setKey] = useState<string | null>(null);
  const mutation = useMutation<unknown, Error, { body: Record<string, unknown>; key: string }>({
    mutationFn: ({ body, key: idempotencyKey }) => run(body, idempotencyKey),
    onSuccess: () => {
      notify(done, { type: 'success' });
      setKey(null);
      void queryClient.invalidateQueries({ queryKey: [SERVICING_QUERY_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['loan-history'] });
      refresh();
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  return (
    <>
      <Button
        variant={variant}
        size={size}
        color={spec.color}
        onClick={() => {
          mutation.reset();
          setKey(crypto.randomUUID());
        }}
      >
        {spec.label}
      </Button>
      {key ? (
        <ActionDialog
          key={key}
          spec={spec}
          open
          subject={subject}
          busy={mutation.isPending}
          // The server's refusal is the notification (problem+json's sentence); the dialog stays open to correct it.
          error={null}
          onCancel={() => setKey(null)}
          onConfirm={(values) => mutation.mutate({ body: spec.body(values, currency), key })}
        />
      ) : null}
    </>
  );
}
