import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge';

const meta = { title: 'Components/Badge', component: Badge, args: { children: 'New' } } satisfies Meta<
  typeof Badge
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Badge tone="success">New</Badge>
      <Badge>Legacy</Badge>
      <Badge tone="warning">Dev</Badge>
      <Badge tone="primary">Early Access</Badge>
      <Badge tone="danger">Failed</Badge>
      <Badge tone="info">In Progress</Badge>
    </div>
  ),
};
