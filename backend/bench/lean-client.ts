import http from 'node:http';

/**
 * The load generator of the approvals: node:http over 16 kept-alive sockets. It runs in a process of its own
 * (http-load.process.ts), apart from the API under test: undici's fetch spends about 1.2 ms of CPU per request
 * here, node:http a fraction of that. Answers the status, the parsed body and the time to the last byte.
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

  post(path: string, token: string, body: unknown): Promise<{ status: number; body: any; milliseconds: number }> {
    const payload = JSON.stringify(body);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: this.host,
          port: this.port,
          method: 'POST',
          path,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, milliseconds: performance.now() - started });
            } catch (error) {
              reject(error as Error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

