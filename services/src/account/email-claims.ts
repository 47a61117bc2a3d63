import { addressEmailStream, emailStream } from '@studio/events';
import type { CommandHandler } from '../platform/command-handler';
import { emailKey } from '../platform/email-key';
import { type EmailClaimState, emailClaimDecider } from './registration';

/** Where a new claim of the address goes: `email-{hash}`, never a stream named by the address. */
export const claimStream = (email: string): string => emailStream(emailKey(email));

/**
 * The stream that holds the address's claim, and the claim. An address claimed before stream
 * names were hashed keeps its `email-{address}` stream for good: it is read first, and once it
 * holds a claim every registration, takeover and sign-in of the address meets there, so one
 * address still has exactly one stream deciding who owns it. Nothing new is claimed there (this
 * code never starts that stream), so an address found unclaimed there is decided on the hashed one.
 */
export async function emailClaim(
  commands: CommandHandler,
  email: string,
): Promise<{ stream: string; state: EmailClaimState }> {
  const before = addressEmailStream(email);
  const old = await commands.load(before, emailClaimDecider);
  if (old.revision !== 'no-stream') return { stream: before, state: old.state };
  const stream = claimStream(email);
  return { stream, state: (await commands.load(stream, emailClaimDecider)).state };
}
