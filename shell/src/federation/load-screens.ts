// Loads a remote's './screens' module once and keeps the promise, so React's use() sees a stable
// value and navigating between screens of one remote never reloads it.
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName, ScreensModule } from '@studio/kit';
import { ensureRegistered, forgetRegistration } from './remote-registry';

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`Remote "${remote}" could not be loaded`, { cause });
  }
}

const loaded = new Map<RemoteName, Promise<ScreensModule>>();

async function load(remote: RemoteName): Promise<ScreensModule> {
  try {
    await ensureRegistered(remote);
    const module = await loadRemote<ScreensModule>(`${remote}/screens`);
    if (!module?.screens) throw new Error(`"${remote}/screens" has no screens export`);
    return module;
  } catch (cause) {
    throw new RemoteUnavailableError(remote, cause);
  }
}

export function loadScreens(remote: RemoteName): Promise<ScreensModule> {
  let promise = loaded.get(remote);
  if (!promise) {
    promise = load(remote);
    loaded.set(remote, promise);
  }
  return promise;
}

/** Called by Retry: drop the failed attempt so the next render fetches manifest and entry afresh. */
export function forgetRemote(remote: RemoteName): void {
  loaded.delete(remote);
  forgetRegistration(remote);
}
