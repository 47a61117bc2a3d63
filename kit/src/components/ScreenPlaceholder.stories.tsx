import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenPlaceholder } from './ScreenPlaceholder';

const meta = {
  title: 'Screens/ScreenPlaceholder',
  component: ScreenPlaceholder,
  args: { title: 'Kids Book', spec: 'creation-tools-qr.md (Kids book viewer)', remote: 'gallery' },
} satisfies Meta<typeof ScreenPlaceholder>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
