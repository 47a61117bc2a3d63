import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  args: { value: 40, label: 'Book progress' },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const FantasyPink: Story = { args: { value: 65, color: '#ec4899' } };
export const Complete: Story = { args: { value: 100, color: '#16a34a' } };
