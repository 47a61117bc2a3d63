import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../components/Button';
import { Toaster } from './Toaster';
import { toast } from './toast-store';

// The preview already mounts <Toaster/>; these buttons push toasts into it (one at a time).
const meta = { title: 'Components/Toast', component: Toaster } satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Triggers: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => toast({ title: 'Login successful', description: 'Welcome back, Ada!' })}>
        Success
      </Button>
      <Button
        variant="destructive"
        onClick={() =>
          toast({ title: 'Login failed', description: 'Invalid credentials', variant: 'destructive' })
        }
      >
        Error
      </Button>
      <Button variant="outline" onClick={() => toast({ title: 'Data Refreshed', duration: 3000 })}>
        Redirect (3 s)
      </Button>
    </div>
  ),
};
