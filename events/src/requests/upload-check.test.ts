import { IMAGE_UPLOAD_ACCEPT, imageUploadProblem, UPLOAD_MESSAGES } from './rules';

/** The screens' check before a file is read: the same list as the server, and the route's limit. */
describe('imageUploadProblem', () => {
  const TOO_LARGE = 'File Too Large: Please select an image smaller than 5MB';
  const check = (type: string, size = 1000) => imageUploadProblem({ type, size }, 5 * 1024 * 1024, TOO_LARGE);

  it('takes PNG, JPEG and WebP, which is what the pickers offer', () => {
    expect(IMAGE_UPLOAD_ACCEPT.split(',').map((type) => check(type))).toEqual([null, null, null]);
  });

  it.each(['image/gif', 'image/svg+xml', 'image/tiff', 'image/avif', 'application/pdf', ''])(
    'refuses %j with the message naming the accepted formats',
    (type) => {
      expect(check(type)).toBe(UPLOAD_MESSAGES.type);
    },
  );

  it('refuses a file over the limit with the route text, and takes one at the limit', () => {
    expect(check('image/jpeg', 5 * 1024 * 1024 + 1)).toBe(TOO_LARGE);
    expect(check('image/jpeg', 5 * 1024 * 1024)).toBeNull();
  });
});
