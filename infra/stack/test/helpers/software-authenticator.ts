/**
 * A passkey authenticator in software for the conformance tests: one P-256 key, attestation
 * "none" (W3C WebAuthn Level 3 §8.7), authenticator data as §6.1 lays it out, a COSE_Key as
 * RFC 9052 §7, CBOR as RFC 8949 (only the major types those need). It answers
 * navigator.credentials.create()/get() options in the JSON form supabase-js passes around.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.of((major << 5) | n);
  if (n < 256) return Buffer.of((major << 5) | 24, n);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value < 0 ? head(1, -1 - value) : head(0, value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftwarePasskey {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly cose: Buffer;
  private handle: string | undefined;
  private counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private rpHash(): Buffer {
    return createHash('sha256').update(this.rpId).digest();
  }

  /** Answers registration options: keeps the user handle for discoverable sign-ins. */
  create(options: { challenge: string; user: { id: string } }) {
    this.handle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpHash(),
      Buffer.of(UP | UV | AT),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.cose,
    ]);
    const attestation = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = this.credentialId.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: attestation.toString('base64url'),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * Answers sign-in options with a signed assertion (ES256 over authData ‖ SHA-256(clientData));
   * `origin` stands for a page on another site relaying the challenge (phishing).
   */
  get(options: { challenge: string }, origin = this.origin) {
    if (this.handle === undefined) throw new Error('create() the credential first');
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([this.rpHash(), Buffer.of(UP | UV), count]);
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    const id = this.credentialId.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, this.key).toString('base64url'),
        userHandle: this.handle,
      },
      clientExtensionResults: {},
    };
  }
}
