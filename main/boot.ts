/**
 * What both runtime modes start before they show anything: the platform connection (a remote
 * base URL, or the embedded platform child), the live check in a worker thread, and the kiosk
 * services (main/kiosk/services.ts). The Electron entry (main/shell/entry.ts) and the browser
 * launcher (main/launch.ts) differ only in what they put in front of the returned KioskApi.
 */
import type { KioskApi } from './kiosk-api/types.ts';
import { startEmbeddedPlatform, type EmbeddedPlatform, type PlatformSpawner } from './embedded-platform.ts';
import { createKioskServices } from './kiosk/services.ts';
import type { SecretStore } from './kiosk/secrets.ts';

export interface KioskBootOptions {
  readonly mode: 'electron' | 'browser';
  readonly version: string;
  /** The kiosk's data directory (store, captures, embedded platform). */
  readonly dataDir: string;
  /** The kiosk configuration file (main/config); absent: all defaults (simulated device). */
  readonly configFile?: string;
  /** A remote platform's base URL; absent: the embedded platform is started. */
  readonly platformUrl?: string;
  readonly platformPort?: number;
  readonly platformSpawner?: PlatformSpawner;
  readonly secretStore?: SecretStore;
  /**
   * Folder of the ONNX models, for the live check (a worker thread of the services) and the
   * embedded platform's analysis workers. Absent: the repository's models/; a packaged app passes
   * its resources/models (electron-builder extraResources, D-044).
   */
  readonly modelDir?: string;
  /** `--idle-seconds N` (D-046). */
  readonly idleSeconds?: number;
  readonly log?: (line: string) => void;
}

export interface KioskBackend {
  readonly api: KioskApi;
  readonly platform: { readonly baseUrl: string; readonly embedded: boolean };
  /** The origins of the platform addresses now configured: the page's CSP allows images from these only. */
  platformOrigins(): string[];
  close(): Promise<void>;
}

export async function bootKiosk(options: KioskBootOptions): Promise<KioskBackend> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cleanup: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const step of cleanup.reverse()) await step().catch((error: unknown) => log(`kiosk shutdown: ${(error as Error).message}`));
  };
  try {
    let embedded: EmbeddedPlatform | null = null;
    if (!options.platformUrl) {
      // Its lines (start, warnings, errors and how it stopped; it logs at warn) go to the kiosk's
      // console, prefixed: a platform that misbehaves is seen where the kiosk's own lines are.
      embedded = await startEmbeddedPlatform({
        kioskDataDir: options.dataDir,
        port: options.platformPort,
        spawner: options.platformSpawner,
        modelDir: options.modelDir,
        log,
        onOutput: (line) => log(`embedded platform: ${line}`),
      });
      cleanup.push(() => embedded!.stop());
      log(`embedded platform at ${embedded.connection.baseUrl} (data ${embedded.dataDir})`);
    }
    const services = await createKioskServices({
      mode: options.mode,
      version: options.version,
      dataDir: options.dataDir,
      configFile: options.configFile,
      platform: embedded ? { embedded: true, connection: embedded.connection } : { embedded: false, baseUrl: options.platformUrl ?? '' },
      secretStore: options.secretStore,
      ...(options.idleSeconds !== undefined ? { idleSeconds: options.idleSeconds } : {}),
      // The services' live check runs in a worker thread started on the first frame, so it costs nothing at start-up.
      ...(options.modelDir ? { modelDir: options.modelDir } : {}),
      log,
    });
    cleanup.push(() => services.close());
    // From the second launch on, the kiosk does not wait for its embedded platform to listen
    // (embedded-platform.ts), so the status probe at start finds it not yet up (D-114): probe
    // again once it listens, rather than a minute later.
    if (embedded) void embedded.ready.then(() => services.link.probe()).catch(() => undefined);
    let closing: Promise<void> | null = null;
    return {
      api: services.api,
      platform: { baseUrl: embedded?.connection.baseUrl ?? options.platformUrl ?? '', embedded: embedded !== null },
      platformOrigins: () => services.link.origins(),
      close: () => (closing ??= closeAll()),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
