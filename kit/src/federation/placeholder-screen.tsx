// Builds a named placeholder screen component for a remote (see ScreenPlaceholder).
import type { ComponentType } from 'react';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';
import type { RemoteName } from './remote-contract';

export function placeholderScreen(
  remote: RemoteName,
  title: string,
  spec: string,
  summary?: string,
): ComponentType {
  // Called once per screen at module load, so each component identity is stable.
  // biome-ignore lint/correctness/noComponentHookFactories: a factory of module-level constants
  const Screen = () => <ScreenPlaceholder remote={remote} title={title} spec={spec} summary={summary} />;
  Screen.displayName = `Placeholder(${title})`;
  return Screen;
}
