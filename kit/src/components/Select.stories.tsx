import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field } from './Field';
import { Select } from './Select';

const chapters = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

const meta = { title: 'Components/Select', component: Select, args: { options: chapters } } satisfies Meta<
  typeof Select
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Labelled: Story = {
  render: (args) => (
    <Field label="Number of chapters">
      <Select {...args} defaultValue="5" />
    </Field>
  ),
};
export const Placeholder: Story = {
  render: () => (
    <Field label="Status">
      <Select
        placeholder="All Status"
        options={[
          { value: 'all', label: 'All Status' },
          { value: 'draft', label: 'Draft' },
          { value: 'in-progress', label: 'In Progress' },
          { value: 'complete', label: 'Complete' },
        ]}
      />
    </Field>
  ),
};
