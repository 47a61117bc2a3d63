import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert } from './Alert';

const meta = { title: 'Components/Alert', component: Alert } satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  args: { tone: 'success', title: 'Subscription Activated!', children: 'Your credits are ready.' },
};
export const Danger: Story = {
  args: { tone: 'danger', children: 'Error loading dashboard data. Please try refreshing the page.' },
};
export const AccessDenied: Story = {
  args: {
    tone: 'danger',
    title: 'Access Denied',
    children:
      "You don't have permission to access this page. This area is restricted to administrators only.",
  },
};
export const Warning: Story = {
  args: { tone: 'warning', title: 'Low credits', children: 'You need 20 credits.' },
};
export const Info: Story = {
  args: { tone: 'info', children: 'Generation started. It may take a few minutes.' },
};
