import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';

export type PresignedMethod = 'PUT' | 'GET';

/** The SDK's request type, as its presigner takes it. */
type SignableRequest = Parameters<S3RequestPresigner['presign']>[0];

/** A key the SDK serialises unchanged into the path, and that appears nowhere else in a request. */
const PLACEHOLDER = 'presign-template-0123456789abcdef.key';
/** Keys this module signs: the same characters as the placeholder, so the SDK would not encode them either. */
const PLAIN_KEY = /^[A-Za-z0-9._-]+$/;
/** The per-call headers getSignedUrl removes before signing. */
const DROPPED_HEADERS = ['amz-sdk-invocation-id', 'amz-sdk-request', 'x-amz-user-agent'];

/** One method's request as the SDK serialises it, with the key cut out of its path. */
interface Template {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: number | undefined;
  readonly pathBeforeKey: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly signingRegion: string | undefined;
  readonly signingService: string | undefined;
  readonly presigner: S3RequestPresigner;
}

export interface PresignOptions {
  /** The signature's time; now when absent (tests fix it to compare with getSignedUrl). */
  readonly signingDate?: Date;
}

/**
 * Presigned addresses of one bucket, the same as getSignedUrl gives, for a tenth of its cost
 * (D-090). getSignedUrl runs the client's whole middleware stack (endpoint rules, serialisation)
 * and builds a new signer on every call: 1.7-2.5 ms each. Here the stack runs once per method,
 * on a placeholder key, to capture the request exactly as the SDK builds it for this client's
 * endpoint, path style and region; each address then signs that request with the key put in its
 * path, through one S3RequestPresigner (whose signing key is cached for the day). A client whose
 * request cannot be captured that way (another signing scheme, a key serialised elsewhere than at
 * the end of the path) is left to getSignedUrl.
 */
export class BucketPresigner {
  private readonly templates = new Map<PresignedMethod, Promise<Template | null>>();

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async url(method: PresignedMethod, key: string, expiresInSeconds: number, options: PresignOptions = {}): Promise<string> {
    if (!PLAIN_KEY.test(key)) throw new Error(`key ${JSON.stringify(key)} needs URI encoding; presign it with getSignedUrl`);
    const template = await this.template(method);
    if (!template) {
      return getSignedUrl(this.client, this.command(method, key), { expiresIn: expiresInSeconds, ...(options.signingDate ? { signingDate: options.signingDate } : {}) });
    }
    const request: SignableRequest = {
      method,
      protocol: template.protocol,
      hostname: template.hostname,
      ...(template.port !== undefined ? { port: template.port } : {}),
      path: `${template.pathBeforeKey}${key}`,
      query: { ...template.query },
      // A copy each time: the presigner writes the payload header into the request it is given.
      headers: { ...template.headers },
    };
    const signed = await template.presigner.presign(request, {
      expiresIn: expiresInSeconds,
      ...(template.signingRegion !== undefined ? { signingRegion: template.signingRegion } : {}),
      ...(template.signingService !== undefined ? { signingService: template.signingService } : {}),
      ...(options.signingDate ? { signingDate: options.signingDate } : {}),
    });
    return formatUrl(signed);
  }

  private command(method: PresignedMethod, key: string): PutObjectCommand | GetObjectCommand {
    return method === 'PUT' ? new PutObjectCommand({ Bucket: this.bucket, Key: key }) : new GetObjectCommand({ Bucket: this.bucket, Key: key });
  }

  private template(method: PresignedMethod): Promise<Template | null> {
    let template = this.templates.get(method);
    if (!template) {
      template = this.capture(method);
      // A failed capture (credentials or endpoint not resolvable yet) is tried again next time.
      template.catch(() => this.templates.delete(method));
      this.templates.set(method, template);
    }
    return template;
  }

  /** Runs the client's stack for the placeholder key up to the signing step, as getSignedUrl does, and keeps the request. */
  private async capture(method: PresignedMethod): Promise<Template | null> {
    const command = this.command(method, PLACEHOLDER);
    let captured: { request: SignableRequest; context: CaptureContext } | undefined;
    const stack = this.client.middlewareStack.clone();
    stack.addRelativeTo(
      (_next: unknown, context: CaptureContext) => async (args: { request: unknown }) => {
        captured = { request: args.request as SignableRequest, context };
        return { response: {}, output: { $metadata: {} } };
      },
      { name: 'presignTemplateCapture', relation: 'before', toMiddleware: 'awsAuthMiddleware', override: true },
    );
    const handler = command.resolveMiddleware(stack, this.client.config, {}) as unknown as (args: { input: unknown }) => Promise<unknown>;
    await handler({ input: command.input });
    if (!captured) return null;
    const { request, context } = captured;
    const authScheme = context.endpointV2?.properties?.authSchemes?.[0];
    const keyAt = request.path.length - PLACEHOLDER.length;
    const usable =
      authScheme?.name === 'sigv4' &&
      !context.s3ExpressIdentity &&
      request.path.endsWith(`/${PLACEHOLDER}`) &&
      request.path.indexOf(PLACEHOLDER) === keyAt &&
      !request.username && !request.password && !request.fragment &&
      !JSON.stringify([request.hostname, request.query, request.headers]).includes(PLACEHOLDER) &&
      Object.values(request.query ?? {}).every((value) => typeof value === 'string');
    const region = authScheme?.signingRegion;
    if (!usable || region === undefined) return null;
    const headers = { ...request.headers };
    for (const name of DROPPED_HEADERS) delete headers[name];
    return {
      protocol: request.protocol,
      hostname: request.hostname,
      port: request.port,
      pathBeforeKey: request.path.slice(0, keyAt),
      query: { ...(request.query as Record<string, string>) },
      headers,
      signingRegion: context.signing_region ?? region,
      signingService: context.signing_service,
      // What getSignedUrl builds on each call, built once.
      presigner: new S3RequestPresigner({ ...this.client.config, signingName: authScheme.signingName, region: async () => region }),
    };
  }
}

/** What the capture reads of the SDK's handler context (set by its endpoint and auth middleware). */
interface CaptureContext {
  readonly endpointV2?: { readonly properties?: { readonly authSchemes?: readonly { readonly name?: string; readonly signingName?: string; readonly signingRegion?: string }[] } };
  readonly signing_region?: string;
  readonly signing_service?: string;
  readonly s3ExpressIdentity?: unknown;
}

/**
 * The signed request as an address, as the SDK's formatUrl writes it (query keys sorted, each key
 * and value escaped with encodeURIComponent plus !'()*); templates hold string values only.
 */
function formatUrl(request: SignableRequest): string {
  const host = request.port ? `${request.hostname}:${request.port}` : request.hostname;
  const params = request.query ?? {};
  const query = Object.keys(params)
    .sort()
    .map((name) => `${escapeUri(name)}=${escapeUri(params[name] as string)}`)
    .join('&');
  const protocol = request.protocol.endsWith(':') ? request.protocol : `${request.protocol}:`;
  return `${protocol}//${host}${request.path}${query ? `?${query}` : ''}`;
}

function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
