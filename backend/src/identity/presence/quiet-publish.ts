import type { Redis } from 'ioredis';

/**
 * The socket.io Redis adapter publishes without awaiting: a broadcast, a request for another process's sockets, and
 * its answer to another process's `fetchSockets`. A process shutting down quits its clients while another process may
 * still ask it for its sockets; the answer's publish then rejects "Connection is closed." with nobody to catch it, an
 * unhandled rejection that can take the process down. This client's publishes drop their failure instead: a message a
 * closing process could not send is one it would not have sent a moment later. Awaiting callers still see it.
 */
export function withQuietPublish(client: Redis): Redis {
  const publish = client.publish.bind(client) as (channel: string, message: string) => Promise<number>;
  const quiet = (channel: string, message: string): Promise<number> => {
    const sent = publish(channel, message);
    sent.catch(() => undefined);
    return sent;
  };
  client.publish = quiet as Redis['publish'];
  return client;
}
