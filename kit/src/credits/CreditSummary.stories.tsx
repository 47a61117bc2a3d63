import type { Meta, StoryObj } from '@storybook/react-vite';
import { CreditSummary } from './CreditSummary';

const meta = {
  title: 'Credits/CreditSummary',
  component: CreditSummary,
  args: { credits: 45, tier: 'Basic' },
} satisfies Meta<typeof CreditSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {};
export const OneCredit: Story = { args: { credits: 1, tier: 'Standard' } };
export const Empty: Story = { args: { credits: 0, tier: 'Demo' } };
export const OverAllowance: Story = { args: { credits: 500, tier: 'Premium' } };
