import http from 'node:http';

export type LeanAnswer = { status: number; body: any; headers: http.IncomingHttpHeaders; milliseconds: number };

/**
 * A client of node:http over kept-alive sockets: the load generator of the approvals (16 sockets, in a process of
 * its own, http-load.process.ts, apart from the API under test) and the queue pages' client. undici's fetch spends
 * about 1.2 ms of CPU per request here, node:http a fraction of that. Answers the status, the parsed body, the
 * headers and the time to the last byte.
 */
export class LeanClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, sockets: number) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  post(path: string, token: string, body: unknown): Promise<LeanAnswer> {
    return this.request('POST', path, token, JSON.stringify(body));
  }

  get(path: string, token: string): Promise<LeanAnswer> {
    return this.request('GET', path, token);
  }

  private request(method: 'GET' | 'POST', path: string, token: string, payload?: string): Promise<LeanAnswer> {
    const headers: http.OutgoingHttpHeaders = { Authorization: `Bearer ${token}` };
    if (payload !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request({ agent: this.agent, host: this.host, port: this.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: text ? JSON.parse(text) : undefined,
              headers: res.headers,
              milliseconds: performance.now() - started,
            });
          } catch (error) {
            reject(error as Error);
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
