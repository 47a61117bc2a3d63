import { EngineStartError, hostsOf } from './failure';

/** The part of MongoDB's `hello` answer that tells whether the server is in a replica set. */
export interface HelloReply {
  setName?: string;
  msg?: string;
}

/**
 * The read store commits a projection's writes and its checkpoint in one transaction, which
 * MongoDB allows only on a replica set (a single node is enough). Throws the one-line message
 * when the server is standalone.
 */
export function requireReplicaSet(hello: HelloReply, variable: string, url: string): void {
  if (hello.setName || hello.msg === 'isdbgrid') return;
  throw new EngineStartError(
    `${variable}: MongoDB at ${hostsOf(url)} is not a replica set (transactions need one); ` +
      'start mongod with --replSet rs0 and run rs.initiate() once',
  );
}

/** Asks the server and checks; used at start-up before the store is opened. */
export async function checkMongoReplicaSet(variable: string, url: string): Promise<void> {
  const { MongoClient } = await import('mongodb');
  const client = await MongoClient.connect(url);
  try {
    requireReplicaSet((await client.db('admin').command({ hello: 1 })) as HelloReply, variable, url);
  } finally {
    await client.close();
  }
}
