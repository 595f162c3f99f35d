import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../api/errors';
import { commonMessages } from '../messages';
import { FormAlert } from './form-alert';

type LinkState =
  { status: 'pending' } | { status: 'done'; detail: string } | { status: 'failed'; message: string };

/**
 * One call per token and page: the token is single-use, so a second call (React's strict-mode
 * remount, a re-render) would only answer that the link is spent.
 */
const calls = new Map<string, Promise<string>>();

function callOnce(token: string, follow: (token: string) => Promise<string>): Promise<string> {
  let call = calls.get(token);
  if (!call) {
    call = follow(token);
    calls.set(token, call);
  }
  return call;
}

interface EmailLinkScreenProps {
  title: string;
  /** The token from the e-mailed link; empty when the address has none. */
  token: string;
  /** Posts the token; resolves to the server's detail. */
  follow: (token: string) => Promise<string>;
  /** Shown without a token. */
  invalidMessage: string;
  pendingMessage: string;
  /** Where to go next, under the outcome. */
  next: ReactNode;
}

/** A screen an e-mailed link opens: it posts the link's token once and says what came of it. */
export function EmailLinkScreen({
  title,
  token,
  follow,
  invalidMessage,
  pendingMessage,
  next,
}: EmailLinkScreenProps) {
  const [state, setState] = useState<LinkState>(() =>
    token ? { status: 'pending' } : { status: 'failed', message: invalidMessage },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    callOnce(token, follow).then(
      (detail) => current && setState({ status: 'done', detail }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          message: error instanceof ApiError ? error.message : commonMessages.unexpectedError,
        }),
    );
    return () => {
      current = false;
    };
  }, [token, follow]);

  return (
    <Stack gap="lg" maw={520}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {state.status === 'pending' && (
        <Stack gap="xs" align="flex-start" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{pendingMessage}</Text>
        </Stack>
      )}
      {state.status === 'done' && (
        <Alert color="brand" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
          {state.detail}
        </Alert>
      )}
      {state.status === 'failed' && <FormAlert message={state.message} />}
      {state.status !== 'pending' && next}
    </Stack>
  );
}
