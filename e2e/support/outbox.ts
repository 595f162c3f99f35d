import { OUTCOME_TIMEOUT_MS } from './waits';

/** Reads the newest e-mail to an address from the dev outbox of the running server. */
export async function latestMail(
  baseUrl: string,
  to: string,
  opts: { after?: string; timeoutMs?: number } = {},
): Promise<{ to: string; subject: string; text: string; html: string; created_at: string }> {
  const deadline = Date.now() + (opts.timeoutMs ?? OUTCOME_TIMEOUT_MS);
  for (;;) {
    const r = await fetch(`${baseUrl}/dev/outbox/latest?to=${encodeURIComponent(to)}`);
    if (r.ok) {
      const mail = (await r.json()) as {
        to: string;
        subject: string;
        text: string;
        html: string;
        created_at: string;
      };
      if (!opts.after || mail.created_at > opts.after) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in the outbox`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** The first link in a mail's text that starts with the given prefix. */
export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}[^\\s"'<>]*`).exec(text);
  if (!m) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return m[0];
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
