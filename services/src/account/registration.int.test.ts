import { accountStream } from '@studio/events';
import { CommandHandler } from '../platform/command-handler';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { specFor } from '../testing/decider-spec';
import { tempDataDir } from '../testing/helpers';
import { accountDecider } from './decider';
import { claimStream } from './email-claims';
import { authenticate, loadAccount, register } from './identity';
import { emailClaimDecider } from './registration';

const claimSpec = specFor(emailClaimDecider);
const accountSpec = specFor(accountDecider);
const claimedBy = (userId: string) =>
  ({ type: 'EmailClaimed', data: { email: 'ada@example.com', userId } }) as const;

describe('email claims', () => {
  it('given no claim, the address goes to the first claimant', () => {
    claimSpec([])
      .when({ type: 'ClaimEmail', email: 'ada@example.com', userId: 'recA' })
      .then([claimedBy('recA')]);
  });

  it('given a claim, another claim is refused with CONFLICT', () => {
    claimSpec([claimedBy('recA')])
      .when({ type: 'ClaimEmail', email: 'ada@example.com', userId: 'recB' })
      .thenError('CONFLICT', 'An account with this email already exists');
  });

  it('given an orphaned claim, the caller that checked exactly that claim takes it over', () => {
    claimSpec([claimedBy('recA')])
      .when({ type: 'ClaimEmail', email: 'ada@example.com', userId: 'recB', replacesOrphanOf: 'recA' })
      .then([claimedBy('recB')]);
  });

  it('given the orphan was already taken over, a second taker of the same orphan is refused', () => {
    claimSpec([claimedBy('recA'), claimedBy('recB')])
      .when({ type: 'ClaimEmail', email: 'ada@example.com', userId: 'recC', replacesOrphanOf: 'recA' })
      .thenError('CONFLICT');
  });
});

describe('RegisterUser', () => {
  it('given no account, registers it with the optional details it was given', () => {
    // The event records exactly what the command gave.
    const details = {
      userId: 'recA',
      name: 'Ada',
      email: 'ada@example.com',
      passwordHash: 'h',
      phoneNumber: '+1 555',
      paymentMethodId: 'pm_1',
      customerId: 'cus_1',
    };
    accountSpec([])
      .when({ type: 'RegisterUser', ...details })
      .then([{ type: 'UserRegistered', data: details }]);
  });

  it('given the account exists, then CONFLICT', () => {
    accountSpec([
      {
        type: 'UserRegistered',
        data: { userId: 'recA', name: 'Ada', email: 'ada@example.com', passwordHash: 'h' },
      },
    ])
      .when({
        type: 'RegisterUser',
        userId: 'recA',
        name: 'Ada',
        email: 'ada@example.com',
        passwordHash: 'h',
      })
      .thenError('CONFLICT', 'This account already exists');
  });
});

describe('registration', () => {
  let tmp: ReturnType<typeof tempDataDir>;
  let events: ReturnType<typeof createSqliteEventStore>;
  let commands: CommandHandler;
  beforeEach(() => {
    tmp = tempDataDir();
    events = createSqliteEventStore(`${tmp.dir}/events.db`);
    commands = new CommandHandler(events);
  });
  afterEach(async () => {
    await events.close();
    tmp.remove();
  });

  const context = (at: string) => ({ at, correlationId: 'c', causationId: 'c' });
  /** A registration that died after claiming the email, before writing its account. */
  const orphanClaim = async (at: string) => {
    await events.append(
      claimStream('ada@example.com'),
      [
        {
          eventId: 'orphan',
          type: 'EmailClaimed',
          data: { email: 'ada@example.com', userId: 'recDied' },
          metadata: { correlationId: 'c', causationId: 'c', occurredAt: at, schemaVersion: 1 },
        },
      ],
      { expectedRevision: 'no-stream' },
    );
  };
  const ada = { name: 'Ada', email: ' Ada@Example.com ', password: 'analytical' };

  it('takes over an old orphaned claim, and the new account signs in', async () => {
    await orphanClaim('2026-11-22T09:00:00.000Z');
    const state = await register(commands, ada, context('2026-11-22T10:00:00.000Z'));
    expect(state.email).toBe('ada@example.com');
    expect((await authenticate(commands, 'ada@example.com', 'analytical')).userId).toBe(state.userId);
    expect((await events.readStream(accountStream('recDied'))).length).toBe(0);
  });

  it('refuses to take over a claim so young that its account may still be on its way', async () => {
    await orphanClaim('2026-11-22T09:59:30.000Z');
    await expect(register(commands, ada, context('2026-11-22T10:00:00.000Z'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('refuses an address whose account exists, whatever its case', async () => {
    await register(commands, ada, context('2026-11-22T10:00:00.000Z'));
    await expect(
      register(commands, { ...ada, email: 'ADA@example.com' }, context('2026-11-22T11:00:00.000Z')),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists' });
  });

  it('signs in whatever the case and spacing of the address; a wrong password or unknown address gets one answer', async () => {
    const state = await register(commands, ada, context('2026-11-22T10:00:00.000Z'));
    expect((await authenticate(commands, '  ADA@example.COM ', 'analytical')).userId).toBe(state.userId);
    const refused = { code: 'UNAUTHENTICATED', message: 'Invalid email or password' };
    await expect(authenticate(commands, 'ada@example.com', 'analytical!')).rejects.toMatchObject(refused);
    await expect(authenticate(commands, 'bob@example.com', 'analytical')).rejects.toMatchObject(refused);
  });

  it('keeps the trimmed name, the phone number and the customer the saved card belongs to', async () => {
    const cards: Array<{ userId: string; email: string; name: string }> = [];
    const state = await register(
      commands,
      { ...ada, name: '  Ada  ', phoneNumber: '+44 20 7946 0000', paymentMethodId: 'pm_1' },
      context('2026-11-22T10:00:00.000Z'),
      async (customer) => {
        cards.push(customer);
        return { customerId: 'cus_1' };
      },
    );
    expect(cards).toEqual([{ userId: state.userId, email: 'ada@example.com', name: 'Ada' }]);
    expect(state).toMatchObject({ name: 'Ada', phoneNumber: '+44 20 7946 0000', customerId: 'cus_1' });
    const [registered] = await events.readStream(accountStream(state.userId));
    expect(registered?.data).toMatchObject({ paymentMethodId: 'pm_1' });
    expect((await loadAccount(commands, state.userId))?.email).toBe('ada@example.com');
    // The address is claimed for the new account, so no second account can take it.
    const claims = await events.readStream(claimStream('ada@example.com'));
    expect(claims.map((e) => [e.type, (e.data as { userId: string }).userId])).toEqual([
      ['EmailClaimed', state.userId],
    ]);
  });

  it('a taken address is refused before any card is saved for it', async () => {
    await register(commands, ada, context('2026-11-22T10:00:00.000Z'));
    const saved: string[] = [];
    await expect(
      register(commands, ada, context('2026-11-22T11:00:00.000Z'), async (customer) => {
        saved.push(customer.email);
        return { customerId: 'cus_2' };
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(saved).toEqual([]);
  });

  it('a claim exactly as old as the orphan age counts as orphaned', async () => {
    await orphanClaim('2026-11-22T09:50:00.000Z');
    const state = await register(commands, ada, context('2026-11-22T10:00:00.000Z'));
    expect((await authenticate(commands, 'ada@example.com', 'analytical')).userId).toBe(state.userId);
  });

  it('a declined card creates neither the claim nor the account', async () => {
    await expect(
      register(commands, ada, context('2026-11-22T10:00:00.000Z'), async () => {
        throw new Error('card declined');
      }),
    ).rejects.toThrow('card declined');
    expect(await events.readStream(claimStream('ada@example.com'))).toEqual([]);
    expect(await loadAccount(commands, 'recNobody')).toBeUndefined();
  });
});
