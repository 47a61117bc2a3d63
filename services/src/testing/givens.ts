// Shared givens of the HTTP suites: a member signed up over the API (its session in a supertest
// agent), with credits bought or a plan taken, given straight in the account's log: what most
// suites need before their own "when", written once.
import { accountStream, PLAN_TERMS, type PlanId } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import { register } from '../account/identity';
import type { CommandContext } from '../platform/command-handler';
import type { Platform } from '../platform/module';

interface Served {
  url: string;
  platform: Pick<Platform, 'commands'>;
}

export interface Member {
  agent: ReturnType<typeof request.agent>;
  userId: string;
  email: string;
  /** The session cookie (`name=value`), for a request made without the agent. */
  cookie: string;
}

export interface Given {
  /** Credits bought once (a Basic purchase of this many). */
  credits?: number;
  /** A subscription to this plan, with its credits. */
  plan?: PlanId;
  name?: string;
}

export const PASSWORD = 'secret12';

const meta = () => ({ at: new Date().toISOString(), correlationId: 'given', causationId: 'given' });

/** Registers `email` over HTTP (201 expected) and gives the account what `given` asks. */
export async function member(server: Served, email: string, given: Given = {}): Promise<Member> {
  const agent = request.agent(server.url);
  const res = await agent
    .post('/api/register')
    .send({ name: given.name ?? 'Tess', email, password: PASSWORD });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${res.text}`);
  const userId = res.body.id as string;
  const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
  if (given.plan) await givePlan(server.platform, userId, given.plan, email);
  if (given.credits) await giveCredits(server.platform, userId, given.credits, email);
  return { agent, userId, email, cookie };
}

export async function giveCredits(
  platform: Pick<Platform, 'commands'>,
  userId: string,
  amount: number,
  ref: string,
  context: Omit<CommandContext, 'userId'> = meta(),
): Promise<void> {
  await platform.commands.handle(
    accountStream(userId),
    accountDecider,
    { type: 'GrantCredits', amount, reason: 'plan-purchase', planId: 'basic', paymentRef: `p-${ref}` },
    context,
  );
}

/**
 * A user registered straight through the account's commands (for suites and benches on a runtime
 * without a server) with `credits` bought once; its id.
 */
export async function registeredWithCredits(
  platform: Pick<Platform, 'commands'>,
  credits: number,
  context: Omit<CommandContext, 'userId'> = meta(),
  who: { name: string; email: string } = { name: 'Bo', email: 'bo@example.com' },
): Promise<string> {
  const { userId } = await register(platform.commands, { ...who, password: PASSWORD }, context);
  await giveCredits(platform, userId, credits, who.email, context);
  return userId;
}

export async function givePlan(
  platform: Pick<Platform, 'commands'>,
  userId: string,
  planId: PlanId,
  ref: string,
): Promise<void> {
  await platform.commands.handle(
    accountStream(userId),
    accountDecider,
    {
      type: 'ActivateSubscription',
      planId,
      amountPaid: PLAN_TERMS[planId].price,
      paymentRef: `in-${ref}`,
      customerId: `cus-${ref}`,
      subscriptionId: `sub-${ref}`,
    },
    meta(),
  );
}

/** A tool's answer to a request it took: 202, what it charged and the balance left (its message, if given). */
export function expectStarted(res: { status: number; body: unknown }, answer: Record<string, unknown>): void {
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ success: true, ...answer });
}
