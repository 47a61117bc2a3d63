import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tabs } from './Tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: {
    'aria-label': 'Admin tools',
    items: [
      { value: 'update', label: 'Update User Subscription', content: 'Update form' },
      { value: 'verify', label: 'Verify Subscriptions', content: 'Verify all' },
      { value: 'self', label: 'Self Update', content: 'Testing tool' },
    ],
  },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultValue: 'verify' } };
