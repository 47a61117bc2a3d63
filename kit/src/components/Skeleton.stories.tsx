import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './Skeleton';

const meta = { title: 'Components/Skeleton', component: Skeleton } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = {};
export const ImageCard: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8, width: 240 }}>
      <Skeleton height={160} radius="12px" />
      <Skeleton width="70%" />
      <Skeleton width="40%" />
    </div>
  ),
};
