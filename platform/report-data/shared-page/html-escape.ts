/**
 * Text inserted into the shared report page. Merchant and store names are set by the merchant
 * and reach a customer's phone, so every inserted text goes through here, in content and in
 * attribute values alike (double-quoted attributes only).
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
