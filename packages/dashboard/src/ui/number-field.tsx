type NumberFieldProps = {
  id: string
  label: string
  value: string
  onValue: (value: string) => void
  min: string
  step: string
  required?: boolean
}

/** A labelled `<input type="number">` in the form grid; the value stays the text typed. */
export function NumberField({ id, label, value, onValue, min, step, required }: NumberFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        step={step}
        required={required}
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
    </div>
  )
}
