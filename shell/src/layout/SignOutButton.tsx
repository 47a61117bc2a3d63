import { Button, useSignOut } from '@studio/kit';
import { LogOut } from 'lucide-react';

export function SignOutButton() {
  const { signOut, isPending } = useSignOut();
  return (
    <Button
      variant="ghost"
      onClick={signOut}
      disabled={isPending}
      css={{ width: '100%', justifyContent: 'flex-start' }}
    >
      <LogOut aria-hidden />
      Sign Out
    </Button>
  );
}
