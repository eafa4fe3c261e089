import { createServer, type Server } from 'node:http';

export type RpcProxy = {
  url: string;
  /** While true, every request is answered 503 (an RPC provider outage). */
  setDown: (isDown: boolean) => void;
  close: () => Promise<void>;
};

/** A JSON-RPC pass-through to `target` that a test can take down and bring back. */
export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let isDown = false;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (isDown) {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('provider outage');
        return;
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then(async (upstream) => {
          response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
        })
        .catch(() => response.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('RPC proxy did not get a TCP port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    setDown: (value) => {
      isDown = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
