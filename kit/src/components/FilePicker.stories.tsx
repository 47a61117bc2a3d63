import type { Meta, StoryObj } from '@storybook/react-vite';
import { FilePicker } from './FilePicker';

const meta = {
  title: 'Components/FilePicker',
  component: FilePicker,
  args: { label: 'Image to edit', accept: 'image/*', hint: 'JPG, PNG, GIF, WebP' },
} satisfies Meta<typeof FilePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Disabled: Story = { args: { disabled: true } };
