import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { Dialog, DialogClose } from './Dialog';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  args: {
    title: 'Delete QR code?',
    description: 'This cannot be undone.',
    trigger: <Button variant="destructive">Delete</Button>,
    footer: (
      <>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button variant="destructive">Delete</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
