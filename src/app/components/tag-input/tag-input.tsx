import { useState, type ClipboardEvent, type CSSProperties, type KeyboardEvent } from 'react';
import { App, Input, Tag, theme } from 'antd';
import { addTags, pasteTags, removeTag, type TagResult } from '@core/rules';
import { TAG_SEARCH_LIMIT } from '@core/constants';

export interface TagInputProps {
  value?: readonly string[];
  onChange?: (items: string[]) => void;
  placeholder?: string;
  /** Most items kept (spec §5: 50). */
  limit?: number;
  width?: number | string;
  disabled?: boolean;
}

/**
 * Several search values in one box: Enter or blur adds the typed text, Backspace on an empty box
 * removes the last item, pasting splits on spaces and slashes. The rules live in core/rules/tag-input.
 */
export function TagInput({ value = [], onChange, placeholder = '输入后回车', limit = TAG_SEARCH_LIMIT, width, disabled }: TagInputProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [text, setText] = useState('');

  const apply = (result: TagResult) => {
    for (const warning of result.warnings) void message.warning(warning);
    if (result.success) void message.success(result.success);
    const changed = result.items.length !== value.length || result.items.some((item, index) => item !== value[index]);
    if (changed) onChange?.(result.items);
  };

  const commitText = () => {
    if (text.trim() === '') return;
    setText('');
    apply(addTags(value, [text], limit));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitText();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange?.(value.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (pasted.trim() === '') return;
    event.preventDefault();
    apply(pasteTags(value, `${text} ${pasted}`, limit));
    setText('');
  };

  const box: CSSProperties = {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: 4,
    width: width ?? '100%',
    minHeight: token.controlHeight,
    maxHeight: 96,
    overflowY: 'auto',
    padding: '1px 4px',
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
    borderRadius: token.borderRadius,
    background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
    boxSizing: 'border-box',
  };

  return (
    <div className="mes-tag-input" style={box} data-count={value.length}>
      {value.map((item) => (
        <Tag key={item} closable={!disabled} style={{ marginInlineEnd: 0 }} onClose={() => onChange?.(removeTag(value, item))}>
          {item}
        </Tag>
      ))}
      <Input
        variant="borderless"
        size="small"
        style={{ flex: 1, minWidth: 80, padding: '0 4px' }}
        value={text}
        disabled={disabled}
        placeholder={value.length === 0 ? placeholder : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={commitText}
      />
    </div>
  );
}
