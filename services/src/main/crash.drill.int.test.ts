import { accountStream, generationStream, type RecordedEvent } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import { emailClaim } from '../account/email-claims';
import { LEDGER, type LedgerDoc } from '../account/projections';
import { CommandHandler } from '../platform/command-handler';
import { loadConfig } from '../platform/config';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { createLogger } from '../platform/logging';
import { generationDecider } from '../studio/generation';
import { eventually, tempDataDir } from '../testing/helpers';
import { type EmbeddedChild, spawnEmbedded } from '../testing/spawn-embedded';
import { featureModules } from './modules';
import { closePlatform, openPlatform } from './platform';
import { startProjectors } from './processes';

/**
 * Crash test: SIGKILL the embedded process at random points of a mixed load
 * (registrations, payments, generations), restart on the same data, and check that nothing
 * acknowledged is lost and everything adds up.
 */
const ROUNDS = 4;
const CLIENTS = 4;
// Leases short enough that a killed worker's jobs move on within seconds, long enough that a
// busy machine's heartbeats keep live ones (a print-size page takes a while under load).
const CHILD_ENV = { AI_DELAY_MS: '150', JOB_LEASE_MS: '2000' };

interface Acknowledged {
  emails: string[];
  payments: Array<{ email: string; paymentRef: string }>;
  generations: Array<{ email: string; generationId: string }>;
}

let serial = 0;

/** One client: sign up, pay, generate, again, until the server dies under it. */
async function client(url: string, ack: Acknowledged): Promise<void> {
  try {
    for (;;) {
      serial += 1;
      const email = `crash-${serial}@example.com`;
      const agent = request.agent(url);
      const registered = await agent
        .post('/api/register')
        .send({ name: 'Crash Test', email, password: 'secret12' });
      if (registered.status !== 201) throw new Error(`register ${registered.status}`);
      ack.emails.push(email);
      const checkout = await agent.post('/api/create-checkout-session').send({ planId: 'basic' });
      const ref = String(checkout.body.url).split('/').pop();
      const paid = await agent.post(`${checkout.body.url}/pay`);
      if (paid.status === 302) ack.payments.push({ email, paymentRef: `sim_in_${ref}` });
      for (let i = 0; i < 3; i++) {
        const started = await agent.post('/api/generate-coloring-book-page').send({ prompt: `crash ${i}` });
        if (started.status === 202) ack.generations.push({ email, generationId: started.body.generationId });
      }
    }
  } catch {
    // The server was killed mid-request: whatever was not acknowledged may or may not exist.
  }
}

describe('crash recovery (SIGKILL under load)', () => {
  const tmp = tempDataDir();
  afterAll(() => tmp.remove());

  it('loses nothing acknowledged, balances add up, every job ends once, read models equal a rebuild', async () => {
    const ack: Acknowledged = { emails: [], payments: [], generations: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const server = await spawnEmbedded(tmp.dir, CHILD_ENV);
      const load = Array.from({ length: CLIENTS }, () => client(server.url, ack));
      await new Promise((resolve) => setTimeout(resolve, 600 + Math.random() * 1400));
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await Promise.all(load);
    }
    expect(ack.emails.length).toBeGreaterThan(0);
    expect(ack.generations.length).toBeGreaterThan(0);
    // Restart and let recovery finish: redriven queues, expired leases, refunds.
    const final: EmbeddedChild = await spawnEmbedded(tmp.dir, CHILD_ENV);
    const store = createSqliteEventStore(`${tmp.dir}/events.db`);
    const commands = new CommandHandler(store);
    try {
      const requested = async () =>
        (await store.readAll()).filter((e) => e.type === 'GenerationRequested') as RecordedEvent[];
      await eventually(async () => {
        for (const event of await requested()) {
          const { generationId, userId } = event.data as { generationId: string; userId: string };
          const job = await commands.load(generationStream(generationId), generationDecider);
          if (job.state.status !== 'completed' && job.state.status !== 'failed') return undefined;
          const account = await commands.load(accountStream(userId), accountDecider);
          if (job.state.status === 'failed' && !account.state.refunded.has(generationId)) return undefined;
        }
        return true;
        // Every coloring page is traced to vectors (a second of CPU each, two at a time): the
        // pages the crashes left behind take minutes on a busy two-core machine.
      }, 300_000);
    } finally {
      final.child.kill('SIGTERM');
      expect(await final.exited).toBe(0);
    }
    // Every acknowledged command is in the log.
    const userIdOf = new Map<string, string>();
    for (const email of ack.emails) {
      const claim = await emailClaim(commands, email);
      const account = await commands.load(accountStream(claim.state.claimedBy ?? 'none'), accountDecider);
      expect({ email, registered: account.state.registered }).toEqual({ email, registered: true });
      userIdOf.set(email, account.state.userId);
    }
    for (const { email, paymentRef } of ack.payments) {
      const account = await commands.load(accountStream(userIdOf.get(email) ?? ''), accountDecider);
      expect({ paymentRef, applied: account.state.appliedPayments.has(paymentRef) }).toEqual({
        paymentRef,
        applied: true,
      });
    }
    const all = await store.readAll();
    const requestedIds = new Set(
      all
        .filter((e) => e.type === 'GenerationRequested')
        .map((e) => (e.data as { generationId: string }).generationId),
    );
    for (const { generationId } of ack.generations) expect(requestedIds.has(generationId)).toBe(true);

    // Every job ended exactly once; a failed one was refunded exactly once, a completed one never.
    for (const generationId of requestedIds) {
      const events = await store.readStream(generationStream(generationId));
      const endings = events.filter((e) => e.type === 'GenerationCompleted' || e.type === 'GenerationFailed');
      expect({ generationId, endings: endings.length }).toEqual({ generationId, endings: 1 });
      const refunds = all.filter(
        (e) =>
          e.type === 'CreditsRefunded' && (e.data as { generationId: string }).generationId === generationId,
      );
      expect({ generationId, refunds: refunds.length }).toEqual({
        generationId,
        refunds: endings[0]?.type === 'GenerationFailed' ? 1 : 0,
      });
    }

    // Read models: caught up from the crashed state, then identical to a rebuild from the log.
    const runtime = await openPlatform(
      loadConfig({ DATA_DIR: tmp.dir }, { embedded: true }),
      createLogger('silent'),
    );
    try {
      const modules = await featureModules(runtime);
      const projectors = await startProjectors(runtime, modules);
      const head = (await store.headPosition()) ?? 0;
      for (const projector of projectors) await projector.waitFor(head);
      const dump = async () => {
        const collections: Record<string, unknown[]> = {};
        for (const projection of modules.flatMap((m) => m.projections ?? [])) {
          for (const name of projection.collections) {
            const docs = await runtime.readStore.collection(name).find({});
            collections[name] = docs.sort((a, b) => String(a._id).localeCompare(String(b._id)));
          }
        }
        return collections;
      };
      const caughtUp = await dump();
      for (const projector of projectors) await projector.rebuild();
      for (const projector of projectors) await projector.waitFor(head);
      expect(await dump()).toEqual(caughtUp);

      // Balances equal their histories: the log's fold, the account document, the ledger.
      for (const userId of userIdOf.values()) {
        const { state } = await commands.load(accountStream(userId), accountDecider);
        expect(state.credits).toBeGreaterThanOrEqual(0);
        const ledger = await runtime.readStore.collection<LedgerDoc>(LEDGER).find({ userId });
        const doc = await runtime.readStore
          .collection<{ _id: string; credits: number }>('accounts')
          .get(userId);
        expect({ userId, ledger: ledger.reduce((sum, e) => sum + e.amount, 0), doc: doc?.credits }).toEqual({
          userId,
          ledger: state.credits,
          doc: state.credits,
        });
      }
      for (const projector of projectors) await projector.stop();
    } finally {
      await closePlatform(runtime);
      await store.close();
    }
  }, 480_000);
});
