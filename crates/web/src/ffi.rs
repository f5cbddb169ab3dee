//! The functions the page's loader (`web/senet.js`) calls in the `.wasm`: plain C-like exports,
//! no generated glue. Text goes in as bytes the page wrote into memory from [`senet_alloc`]; an
//! answer comes out as JSON bytes, their address and length packed in one `u64`
//! (`address << 32 | length`), which the page reads, then hands back with [`senet_free`].
#![allow(unsafe_code)]

/// Room for `len` bytes the page writes into; handed back with [`senet_free`].
#[no_mangle]
pub extern "C" fn senet_alloc(len: usize) -> *mut u8 {
    Box::into_raw(vec![0u8; len].into_boxed_slice()).cast()
}

/// Hands back the `len` bytes at `ptr` that [`senet_alloc`] or an answer gave.
///
/// # Safety
/// `ptr` and `len` are those of one allocation of this module, handed back once.
#[no_mangle]
pub unsafe extern "C" fn senet_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: the caller gives back a boxed slice of this module, of this length.
        drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) });
    }
}

/// The text of the `len` bytes at `ptr` (invalid UTF-8 replaced).
///
/// # Safety
/// `ptr` points to `len` readable bytes.
unsafe fn text<'a>(ptr: *const u8, len: usize) -> std::borrow::Cow<'a, str> {
    if ptr.is_null() || len == 0 {
        return "".into();
    }
    // SAFETY: the caller's promise.
    String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// An answer's bytes, given to the page: `address << 32 | length`.
fn give(answer: String) -> u64 {
    let bytes = answer.into_bytes().into_boxed_slice();
    let len = bytes.len() as u64;
    let ptr = Box::into_raw(bytes) as *mut u8 as usize as u64;
    (ptr << 32) | len
}

/// [`crate::class`]: the class file's text, the variant's id, `lang` 0 French or 1 English,
/// the sticks' `p`.
///
/// # Safety
/// Each (pointer, length) pair points to that many readable bytes.
#[no_mangle]
pub unsafe extern "C" fn senet_class(
    text_ptr: *const u8,
    text_len: usize,
    variant_ptr: *const u8,
    variant_len: usize,
    lang: u32,
    p: f64,
) -> u64 {
    // SAFETY: the caller's promise.
    let (t, v) = unsafe { (text(text_ptr, text_len), text(variant_ptr, variant_len)) };
    give(crate::class(&t, &v, if lang == 1 { "en" } else { "fr" }, p))
}

/// [`crate::throws`]: the variant's id, the device (`kind` 0 coins, 1 sticks, 2 die, 3 d4),
/// the sticks' `p`, `n` throws, the seed.
///
/// # Safety
/// The (pointer, length) pair points to that many readable bytes.
#[no_mangle]
pub unsafe extern "C" fn senet_throws(
    variant_ptr: *const u8,
    variant_len: usize,
    kind: u32,
    p: f64,
    n: u64,
    seed: u64,
) -> u64 {
    // SAFETY: the caller's promise.
    let v = unsafe { text(variant_ptr, variant_len) };
    let kind = ["coins", "sticks", "die", "d4"]
        .get(kind as usize)
        .unwrap_or(&"?");
    give(crate::throws(&v, kind, p, n, seed))
}

/// [`crate::games`]: the variant's id, `n` games, the seed.
///
/// # Safety
/// The (pointer, length) pair points to that many readable bytes.
#[no_mangle]
pub unsafe extern "C" fn senet_games(
    variant_ptr: *const u8,
    variant_len: usize,
    n: u64,
    seed: u64,
) -> u64 {
    // SAFETY: the caller's promise.
    let v = unsafe { text(variant_ptr, variant_len) };
    give(crate::games(&v, n, seed))
}

/// [`crate::variants`].
#[no_mangle]
pub extern "C" fn senet_variants() -> u64 {
    give(crate::variants())
}
