/**
 * Mail servers for the report e-mail tests, on 127.0.0.1 only: the `smtp-server` package (a real
 * SMTP implementation, the one nodemailer's author tests against) with scripted answers, and a
 * raw TCP server that drops the connection right after the message's final dot, as a server or
 * a network failing at the worst moment would.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  readonly port: number;
  /** Every message the server accepted, parsed, in order. */
  readonly messages: ParsedMail[];
  /** Envelope recipients offered, accepted or not, in order. */
  readonly rcptOffered: string[];
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  readonly port?: number;
  /** Answer to the n-th RCPT TO (1-based): null accepts; a number refuses with that reply code. */
  readonly rcpt?: (n: number, address: string) => number | null;
  /** When set, AUTH must give exactly these. */
  readonly auth?: { readonly user: string; readonly password: string };
  /** Refusals repeat the recipient, as many servers' do ("550 <a@b>: no such user"). */
  readonly replyNamesRecipient?: boolean;
}

export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const rcptOffered: string[] = [];
  const server = new SMTPServer({
    // Loopback in plain text: the tests check the protocol and the outbox, not certificates.
    secure: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.password) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      rcptOffered.push(address.address);
      const refusal = options.rcpt?.(rcptOffered.length, address.address) ?? null;
      if (refusal === null) return callback();
      const text = refusal >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later';
      callback(Object.assign(new Error(options.replyNamesRecipient ? `<${address.address}>: ${text}` : text), { responseCode: refusal }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await listen(server.server, options.port ?? 0);
  return {
    port,
    messages,
    rcptOffered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface FaultySmtpServer {
  readonly port: number;
  /** Messages whose final dot arrived. */
  readonly received: () => number;
  /** Connections opened so far. */
  readonly connections: () => number;
  close(): Promise<void>;
}

/**
 * Speaks just enough SMTP to take a message, then, instead of answering the final dot, closes the
 * connection (`drop-after-dot`: the message reached the server, the client never learns it) or
 * stays silent (`stall-after-dot`, for a client killed while it waits). `stall-at-greeting` takes
 * the connection and never greets: nothing can have been handed over.
 */
export async function startFaultySmtpServer(mode: 'drop-after-dot' | 'stall-after-dot' | 'stall-at-greeting' = 'drop-after-dot'): Promise<FaultySmtpServer> {
  let connections = 0;
  let received = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    connections += 1;
    if (mode === 'stall-at-greeting') return;
    let inData = false;
    let buffer = '';
    socket.write('220 dropper.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      if (inData) {
        if (buffer.includes('\r\n.\r\n')) {
          received += 1;
          buffer = '';
          if (mode === 'drop-after-dot') socket.destroy();
        }
        return;
      }
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 dropper.test\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT') socket.write('250 OK\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
          return;
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
  });
  const port = await listen(server, 0);
  return {
    port,
    received: () => received,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export { freePort } from '../../helpers/free-port.ts';

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
