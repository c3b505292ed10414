/**
 * A Reply-To from what a visitor typed into the contact form, or none. The address must be one
 * plain address (the form checked it; a row is checked again here): no line break, space, comma
 * or angle bracket, so nothing typed can add a header or a second recipient. The name is kept as
 * text without control characters or brackets; nodemailer encodes it.
 */
const PLAIN_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function replyAddress(name: string, address: string): { name: string; address: string } | undefined {
  if (address.length > 254 || !PLAIN_ADDRESS.test(address)) return undefined;
  const cleanName = name
    // eslint-disable-next-line no-control-regex -- control characters are what is taken out
    .replace(/[\u0000-\u001f\u007f<>"]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  return { name: cleanName, address };
}
