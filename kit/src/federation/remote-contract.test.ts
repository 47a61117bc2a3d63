import REMOTES from '../../remotes.json';
import { REMOTE_NAMES } from './remote-contract';

describe('REMOTE_NAMES', () => {
  it("are kit/remotes.json's names, in its order", () => {
    expect(REMOTE_NAMES).toEqual(Object.keys(REMOTES));
  });
});
