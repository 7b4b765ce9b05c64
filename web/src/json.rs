//! A small JSON object writer: the page's state is a few strings, numbers and arrays,
//! not worth a serializer in the WebAssembly file.

/// A JSON object being written.
#[derive(Debug)]
pub struct Json {
    out: String,
    first: bool,
}

impl Json {
    /// An empty object.
    #[must_use]
    pub fn object() -> Json {
        Json {
            out: String::from("{"),
            first: true,
        }
    }

    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        quote(&mut self.out, key);
        self.out.push(':');
    }

    /// `"key": "value"`.
    pub fn str(&mut self, key: &str, value: &str) {
        self.key(key);
        quote(&mut self.out, value);
    }

    /// `"key": ["a", "b"]`.
    pub fn strs(&mut self, key: &str, values: &[String]) {
        self.key(key);
        self.out.push('[');
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
            }
            quote(&mut self.out, v);
        }
        self.out.push(']');
    }

    /// `"key": 12`.
    pub fn num(&mut self, key: &str, value: u64) {
        self.key(key);
        self.out.push_str(&value.to_string());
    }

    /// `"key": <value>`, the value already JSON.
    pub fn raw(&mut self, key: &str, value: &str) {
        self.key(key);
        self.out.push_str(value);
    }

    /// The object's text.
    #[must_use]
    pub fn finish(mut self) -> String {
        self.out.push('}');
        self.out
    }
}

/// Writes `s` as a JSON string.
fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_an_object() {
        let mut j = Json::object();
        j.str("a", "x\"y\n");
        j.num("n", 3);
        j.strs("l", &["p".into(), "q".into()]);
        j.raw("z", "null");
        assert_eq!(j.finish(), r#"{"a":"x\"y\n","n":3,"l":["p","q"],"z":null}"#);
    }
}
