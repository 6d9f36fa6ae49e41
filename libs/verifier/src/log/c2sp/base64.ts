/**
 * Standard base64 (RFC 4648 §4, with padding), the encoding of every C2SP text format. Built on the platform's
 * atob/btoa, which Node and browsers both have, so that the formats carry no Node-only dependency.
 */

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Bytes as a binary string, a slice at a time (String.fromCharCode takes a bounded number of arguments). */
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return text;
}

export function encodeBase64(bytes: Uint8Array): string {
  return btoa(binaryString(bytes));
}

/**
 * The bytes of a base64 text, or null when it is not base64 in its one canonical spelling: a decoder ignores the
 * unused bits of the last character, and a text that differs from the signed one by such a bit must not pass.
 */
export function decodeBase64(text: string): Uint8Array | null {
  if (!BASE64.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return encodeBase64(bytes) === text ? bytes : null;
}
