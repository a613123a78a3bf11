/** Raw HTTP over a socket, for requests no well-behaved client would send. */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the first response in `text` (headers lower-cased; body as sent, without chunk decoding). */
export function parseResponse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n');
  const head = split === -1 ? text : text.slice(0, split);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: split === -1 ? '' : text.slice(split + 4) };
}

export function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection. */
export function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(text));
  });
}

/** Sends `request` as is and returns the response; the server is expected to close the connection. */
export async function rawRequest(port: number, request: string): Promise<RawResponse> {
  const socket = await open(port);
  const done = readUntilClosed(socket);
  socket.write(request, 'latin1');
  return parseResponse(await done);
}
