/**
 * The report link as the kiosk hands it out (the QR code, the e-mail): with the language the
 * customer used at the kiosk, so the phone opens the report in it, not in whatever the phone's
 * settings say (D-137). `lang` is not part of the link's signature: it changes only the
 * presentation.
 */
export function reportLinkIn(url: string, language: string): string {
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    return url;
  }
  link.searchParams.set('lang', language);
  return link.toString();
}
