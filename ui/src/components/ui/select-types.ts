export type SelectOption = { value: string; label: string };

export type SelectProps = {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  /** placeholder is shown while nothing is chosen; it cannot be chosen again. */
  placeholder?: string;
  error?: string | null;
  disabled?: boolean;
};
