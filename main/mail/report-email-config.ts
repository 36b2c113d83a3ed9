/**
 * The merchant's mail server for the report link by e-mail (D-067), in the kiosk configuration
 * file under `email`. Absent: the kiosk offers no e-mail at all. Validated at start with the rest
 * of the configuration (STYLE.md, Configuration). The password is never logged nor shown.
 */
import { z } from 'zod';

const PORT_OF_SECURITY = { tls: 465, starttls: 587, none: 25 } as const;

export const reportEmailConfigSchema = z
  .object({
    smtp: z.object({
      host: z.string().min(1).max(253),
      /** Default by `security`: 465 (tls), 587 (starttls), 25 (none). */
      port: z.number().int().min(1).max(65535).optional(),
      /**
       * tls: TLS from the first byte (port 465); starttls: the server must upgrade the
       * connection, or nothing is sent; none: plain text, only for a relay on the store's own
       * network or loopback.
       */
      security: z.enum(['tls', 'starttls', 'none']).default('starttls'),
      user: z.string().min(1).max(256).optional(),
      password: z.string().min(1).max(256).optional(),
      /** False only for a relay with a self-signed certificate the technician trusts. */
      verifyCertificate: z.boolean().default(true),
      /** Longest wait for the connection, the greeting and any answer. */
      timeoutMs: z.number().int().min(500).max(120_000).default(20_000),
    }),
    /** The sender address, which the server must accept for this account. */
    from: z.string().email(),
    /** Where a customer's answer goes (the store's own mailbox), when not the sender. */
    replyTo: z.string().email().optional(),
    /** The merchant or store as the customer knows it: the sender's name and the message's signature. */
    storeName: z.string().trim().min(1).max(100),
  })
  .refine((c) => (c.smtp.user === undefined) === (c.smtp.password === undefined), { message: 'smtp.user and smtp.password go together', path: ['smtp'] })
  .transform((c) => ({ ...c, smtp: { ...c.smtp, port: c.smtp.port ?? PORT_OF_SECURITY[c.smtp.security] } }));

export type ReportEmailConfig = z.output<typeof reportEmailConfigSchema>;
