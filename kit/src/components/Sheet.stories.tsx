import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from './Button';
import { Sheet } from './Sheet';

const meta = {
  title: 'Components/Sheet',
  component: Sheet,
  args: { open: false, onOpenChange: () => undefined, title: 'Menu', children: null },
} satisfies Meta<typeof Sheet>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SlideInMenu: Story = {
  render: function Render() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Open menu</Button>
        <Sheet open={open} onOpenChange={setOpen} title="Menu" showTitle>
          <p style={{ padding: 20 }}>Links go here.</p>
        </Sheet>
      </>
    );
  },
};
