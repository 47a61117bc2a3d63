// @studio/kit/widgets: form, feedback and disclosure components, form validation (and the screen
// placeholder), shared as their own singleton entry so the shell's first load doesn't carry them
// (Radix Select, Tabs, Accordion… are only needed by screens).
// Keep these stateless: anything with state (auth, toasts, query client) is imported from '@studio/kit'.
import './theme/bundler-nonce'; // first: sign injected <style> tags with the CSP nonce

export { Accordion, type AccordionItem, type AccordionProps } from './components/Accordion';
export { ChoiceBox, type ChoiceBoxProps } from './components/ChoiceBox';
export { EmptyState, type EmptyStateProps } from './components/EmptyState';
export { Field, type FieldProps, Label } from './components/Field';
export { FilePicker, type FilePickerProps } from './components/FilePicker';
export { Input, type InputProps } from './components/Input';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './components/RadioGroup';
export { ScreenPlaceholder, type ScreenPlaceholderProps } from './components/ScreenPlaceholder';
export { Select, type SelectOption, type SelectProps } from './components/Select';
export { Skeleton, type SkeletonProps } from './components/Skeleton';
export { Switch, type SwitchProps } from './components/Switch';
export { type TabItem, Tabs, type TabsProps } from './components/Tabs';
export { Textarea, type TextareaProps } from './components/Textarea';
export { placeholderScreen } from './federation/placeholder-screen';
export { type FormValidator, useFormErrors } from './forms/use-form-errors';
