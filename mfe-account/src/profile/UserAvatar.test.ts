import { initials } from './UserAvatar';

describe('avatar initials', () => {
  it('uses the first and last names', () => {
    expect(initials('Grace Brewster Hopper')).toBe('GH');
    expect(initials('ada')).toBe('A');
    expect(initials('  ')).toBe('?');
  });
});
