import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field } from './Field';
import { Input } from './Input';

const meta = { title: 'Components/Input', component: Input } satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Labelled: Story = {
  render: () => (
    <Field label="Email">
      <Input type="email" placeholder="you@example.com" />
    </Field>
  ),
};
export const WithError: Story = {
  render: () => (
    <Field label="Email" error="Please enter a valid email">
      <Input type="email" defaultValue="not-an-email" />
    </Field>
  ),
};
export const WithHint: Story = {
  render: () => (
    <Field label="Password" hint="At least 6 characters">
      <Input type="password" />
    </Field>
  ),
};
export const Disabled: Story = {
  render: () => (
    <Field label="Name">
      <Input disabled defaultValue="Ada Lovelace" />
    </Field>
  ),
};
