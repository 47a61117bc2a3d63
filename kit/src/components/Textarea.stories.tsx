import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field } from './Field';
import { Textarea } from './Textarea';

const meta = { title: 'Components/Textarea', component: Textarea } satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Prompt: Story = {
  render: () => (
    <Field label="Prompt" hint="Describe the coloring page you want">
      <Textarea rows={6} placeholder="A friendly dragon reading a book under a tree" />
    </Field>
  ),
};
export const WithError: Story = {
  render: () => (
    <Field label="Description" error="Description must be at least 20 characters long">
      <Textarea defaultValue="Too short" />
    </Field>
  ),
};
