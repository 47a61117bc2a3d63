import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { Card } from './Card';

const meta = {
  title: 'Components/Card',
  component: Card,
  args: { title: "What You'll Get", description: 'A 24-page personalised book' },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: {
    children: (
      <>
        <p>100 credits are required.</p>
        <Button>Create Kids Book</Button>
      </>
    ),
  },
};
export const Plain: Story = { args: { title: undefined, description: undefined, children: 'Just content.' } };
