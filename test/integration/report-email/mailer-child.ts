/**
 * A kiosk's mailer in a process of its own, for report-email-crash.test.ts to kill with SIGKILL:
 * opens the store of DATA_DIR, asks for the e-mail of SESSION_ID (the customer's tap) and runs the
 * mailer loop against the SMTP server on 127.0.0.1:PORT until it is killed.
 * Usage: node --import tsx mailer-child.ts DATA_DIR SESSION_ID PORT
 */
import { ReportEmails } from '../../../main/kiosk/report-email.ts';
import { ReportMailer } from '../../../main/mail/report-mailer.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import { mailConfig } from './kiosk-fixture.ts';

const [dataDir, sessionId, port] = process.argv.slice(2);
if (!dataDir || !sessionId || !port) throw new Error('usage: mailer-child.ts DATA_DIR SESSION_ID PORT');
const store = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'unsynced' });
// A long timeout: the test kills this process while it waits for the server.
const config = mailConfig(Number(port));
const mailer = new ReportMailer({ store, config: { ...config, smtp: { ...config.smtp, timeoutMs: 60_000 } }, idleMs: 50 });
new ReportEmails(store, mailer, Date.now).request(sessionId, 'en');
mailer.start();
process.stdout.write('started\n');
