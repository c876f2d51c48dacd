const BASIC = /^Basic ([A-Za-z0-9+/=]+)$/i;
const PLUS = /\+/g;

/** A form-url-encoded part; most ids and secrets have nothing encoded, and are returned as they are. */
const formDecoded = (part: string) =>
  part.includes('%') || part.includes('+') ? decodeURIComponent(part.replace(PLUS, ' ')) : part;

/** Reads HTTP Basic client credentials; id and secret are form-url-encoded (RFC 6749, 2.3.1). */
export function basicCredentials(
  header: string | undefined,
): { clientId: string; clientSecret: string } | undefined {
  const match = header === undefined ? null : BASIC.exec(header.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    return {
      clientId: formDecoded(decoded.slice(0, colon)),
      clientSecret: formDecoded(decoded.slice(colon + 1)),
    };
  } catch {
    return undefined;
  }
}
